"""The card tests, one folder per product (docs/CONTRIBUTING.md)."""
