"""Reads the pictures dots-sso draws with libraries nobody here wrote, for the picture tests.

  picture_check.py info FILE            {"format", "width", "height", "frames", "durations", "loop", "opaque_share"}
  picture_check.py compare FILE GOLDEN  {"same_size", "mean", "worst_block"}: a perceptual difference, not bytes —
                                        both composited on white, in grey, averaged over 8x8 blocks; values 0-255
  picture_check.py decode FILE          [{"format", "text"}] from zxing-cpp (QR, PDF417, Aztec, Code 128, ...)
  picture_check.py png FILE W H HEX     writes a W x H PNG of colour HEX with a lighter disc in it (pass images)
"""
import json
import sys

from PIL import Image, ImageChops, ImageStat


def flattened(path):
    image = Image.open(path).convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, image).convert("L")


def info(path):
    image = Image.open(path)
    frames = getattr(image, "n_frames", 1)
    durations = []
    for index in range(frames):
        image.seek(index)
        durations.append(image.info.get("duration"))
    image.seek(0)
    rgba = image.convert("RGBA")
    alpha = rgba.getchannel("A")
    opaque = sum(alpha.histogram()[9:]) / (rgba.width * rgba.height)
    return {"format": image.format, "width": image.width, "height": image.height, "frames": frames,
            "durations": durations, "loop": image.info.get("loop"), "opaque_share": opaque}


def compare(path, golden):
    ours, theirs = flattened(path), flattened(golden)
    if ours.size != theirs.size:
        return {"same_size": False, "mean": 255.0, "worst_block": 255.0}
    difference = ImageChops.difference(ours, theirs)
    blocks = difference.resize((max(1, ours.width // 8), max(1, ours.height // 8)), Image.Resampling.BOX)
    return {"same_size": True, "mean": ImageStat.Stat(difference).mean[0], "worst_block": blocks.getextrema()[1]}


def decode(path):
    import zxingcpp
    image = Image.open(path).convert("RGB")
    return [{"format": str(result.format).split(".")[-1], "text": result.text} for result in zxingcpp.read_barcodes(image)]


def main():
    command = sys.argv[1]
    if command == "info":
        print(json.dumps(info(sys.argv[2])))
    elif command == "compare":
        print(json.dumps(compare(sys.argv[2], sys.argv[3])))
    elif command == "png":
        from PIL import ImageDraw
        width, height, colour = int(sys.argv[3]), int(sys.argv[4]), "#" + sys.argv[5]
        image = Image.new("RGBA", (width, height), colour)
        ImageDraw.Draw(image).ellipse((width // 4, height // 4, width * 3 // 4, height * 3 // 4), fill=(255, 255, 255, 200))
        image.save(sys.argv[2])
        print("{}")
    elif command == "decode":
        print(json.dumps(decode(sys.argv[2])))
    else:
        raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    main()
