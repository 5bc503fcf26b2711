"""The rules engine: pure Python, no Django. Built in the rules engine issue."""
