"""The deck builder: the pages that edit a deck (search as you type, counts, settings, import)."""
