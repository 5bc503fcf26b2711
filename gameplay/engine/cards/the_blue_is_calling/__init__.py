"""Card scripts of The Blue is Calling (w_101 to w_120), a chapter pack of the Secrets and
Schemes cycle. Importing this package registers them all; gameplay/engine/scripts.py imports
it."""
