"""Game modules, one package per game; each exposes ``RULES`` and is listed in ``kifu.replays.registry``."""
