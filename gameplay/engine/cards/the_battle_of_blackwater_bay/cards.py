"""The Battle of Blackwater Bay: the scripts are in characters.py, locations.py,
attachments.py and events_plots.py (imported by the package's __init__)."""
