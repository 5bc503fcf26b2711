"""The card database: products and cards, their importer and loader, the search language,
card pages and the card API. Imports no other app."""
