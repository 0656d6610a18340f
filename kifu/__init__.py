"""kifu: event-sourced game records for tabletop card games.

The distribution installs this one import package. Its parts keep their folders at the
top of the repository and are linked here: ``kifu.replays`` (the pure core: rules, games,
records), ``kifu.service`` (the store, the API, the command line) and ``kifu.web`` (the
viewer and the tables), so no other top-level name lands in site-packages.
"""
