"""Card scripts of Princes of the Sun (pots_*), the House Martell expansion. Importing this
package registers them all; the engine imports it in game.py."""
