"""companion: a Raspberry Pi table companion for auction board games."""

__version__ = "0.1.0"
