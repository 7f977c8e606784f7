"""Tsukiji Companion: a table companion for Tokyo Tsukiji Market."""

__version__ = "0.1.0"
