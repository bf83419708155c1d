"""The box adapters: GPIO boxes, seat LCD writers, serial boxes and their protocol, keyboard
and in-memory boxes, the MockFactory rig and the fake I2C LCD bus.

`vocabulary` is what boxes and the app say to each other; every adapter imports it and nothing
here imports `companion.app`. Modules that need gpiozero, the charlcd library or pyserial import
them where they are used, so `import companion.boxes` alone pulls in none of them.
"""
