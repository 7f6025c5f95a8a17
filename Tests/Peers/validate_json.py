"""Validates dots-sso --json outputs against docs/schemas (JSON Schema draft 2020-12), with jsonschema from PyPI.

  validate_json.py SCHEMA_DIR NAME=OUTPUT.json …     one line per failure on stdout; exit 1 when any fails
"""
import json
import pathlib
import sys

from jsonschema import Draft202012Validator
from referencing import Registry, Resource


def main() -> int:
    folder = pathlib.Path(sys.argv[1])
    resources = []
    for path in folder.glob("*.schema.json"):
        schema = json.loads(path.read_text())
        Draft202012Validator.check_schema(schema)
        resources.append((schema["$id"], Resource.from_contents(schema)))
    registry = Registry().with_resources(resources)
    failed = False
    for pair in sys.argv[2:]:
        name, _, output = pair.partition("=")
        schema = json.loads((folder / f"{name}.schema.json").read_text())
        text = pathlib.Path(output).read_text()
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            failed = True
            print(f"{name}: {output} is not one JSON document ({error}): {text[:200]!r}")
            continue
        for error in Draft202012Validator(schema, registry=registry).iter_errors(document):
            failed = True
            print(f"{name}: {'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message[:300]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
