# PyYAML's C loader (libyaml underneath, Python objects on top) loading a whole file.
# The anchor for `gesturectl replay <file>.yml` on a smaller file. Prints the number of events.
import sys
import yaml

with open(sys.argv[1], "rb") as file:
    document = yaml.load(file, Loader=yaml.CLoader)
print(sum(len(item.get("evdev") or []) for device in document["devices"] for item in device.get("events") or []))
