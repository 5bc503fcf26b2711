"""The Grand Melee: the scripts are in characters.py, attachments.py, events_plots.py
and locations.py (imported by the package's __init__)."""
