"""Tests of replays.games.senbu_rinki (千舞鱗鬼さがし)."""
