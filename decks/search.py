"""Placeholder until the search language lands (helper)."""
class SearchError(ValueError):
    pass
def parse(query):
    return query
