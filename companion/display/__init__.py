"""The table screen (pygame-ce): draws any game's public `TableView`, redrawing only on change.

Modules:

- `table_screen`: the screen; composes a frame and places the log;
- `header`: the header, the timer and the banner;
- `seats`: the seat list (grid, cards, money, LCD mock-ups);
- `panel_plan` and `panels`: planning the panels (columns, scale, what to leave out) and
  drawing them;
- `canvas`: one frame's surface, its scale unit and text that fits; `theme`: the colours,
  looks and the screen's own words; `layout`: where the last frame put things;
- `fonts`: Font and text caches; `renderer`: the redraw-on-change policy and timer ticks;
  `window`: opening the display or SDL's dummy driver, PNG export.

Nothing is imported here so that `import companion.display` stays cheap; the CLI imports the
submodules lazily.
"""
