"""Where the last frame put things (`Layout`): for tests, and for debugging a cramped screen."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass
class Layout:
    """Where the last `draw` put things: for tests and for debugging a cramped screen."""

    size: tuple[int, int]
    unit: float
    header: pygame.Rect
    body: pygame.Rect
    banner: pygame.Rect | None = None
    waiting: pygame.Rect | None = None  # what the table waits for, under the header
    host: pygame.Rect | None = None  # the host's line, at the foot
    waiting_lines: list[str] = field(default_factory=list)  # their text as drawn
    host_lines: list[str] = field(default_factory=list)
    timer: pygame.Rect | None = None
    seats: pygame.Rect | None = None
    seat_cards: dict[int, pygame.Rect] = field(default_factory=dict)
    seat_money: dict[int, pygame.Rect] = field(default_factory=dict)
    lcds: dict[int, pygame.Rect] = field(default_factory=dict)
    seat_columns: int = 1
    seat_scale: float = 1.0
    panels: pygame.Rect | None = None
    panel_boxes: list[pygame.Rect] = field(default_factory=list)
    panels_hidden: int = 0
    # (panel index in view.panels, row, column) -> the rect of the text actually drawn
    cells: dict[tuple[int, int, int], pygame.Rect] = field(default_factory=dict)
    log: pygame.Rect | None = None
    invite: pygame.Rect | None = None  # the phones' join card (QR code and address)
