"""A Sword in the Darkness: the scripts are in characters.py (the characters) and others.py
(the locations, the attachment, the events and the plot), imported by the package's
__init__."""
