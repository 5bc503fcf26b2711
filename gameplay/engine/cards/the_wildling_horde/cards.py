"""The Wildling Horde: the scripts are in characters.py, locations.py and events_plots.py
(imported by the package's __init__)."""
