"""The table screen (pygame-ce): draws any game's public `TableView`, redrawing only on change.

Modules: `fonts` (Font and text caches), `table_screen` (the layout and drawing),
`renderer` (the redraw-on-change policy and timer ticks), `window` (opening the display or
SDL's dummy driver, PNG export). Nothing is imported here so that `import companion.display`
stays cheap; the CLI imports the submodules lazily.
"""
