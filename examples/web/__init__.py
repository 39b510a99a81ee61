"""A web front-end example: play Spoil Five or My Bird Sings in the browser against bots.

Start it with ``python -m web`` from the ``examples`` folder (see ``README.md`` here).
The server keeps every game state; the page only ever receives the human seat's view.
"""
