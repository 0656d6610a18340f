"""Game modules, one package per game; each exposes ``RULES`` and is listed in ``replays.registry``."""
