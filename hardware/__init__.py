"""Hardware adapters for companion: GPIO boxes, seat LCDs, keyboard boxes and the mock rig.

Nothing here is imported by `companion.engine`/`companion.app`; only the CLI wiring imports
these modules, lazily. Modules that need gpiozero, the charlcd library or pygame import them
where they are used, so `import hardware` alone pulls in none of them.
"""
