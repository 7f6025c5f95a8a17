#!/usr/bin/env python3
"""Validates bodymovin files against the official Lottie spec 1.0 schema (PyPI lottie-specs 0.5.2) with jsonschema.

Prints one JSON object: file -> {"errors": <count>, "missingTopLevel": [required top-level keys the schema misses]}.
Used by the cross-check test and by Scripts/bench as the "what people use today" baseline.
"""
import json
import os
import sys

import jsonschema
import lottie_specs

SCHEMA_PATH = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")


def main():
    with open(SCHEMA_PATH) as handle:
        schema = json.load(handle)
    validator = jsonschema.Draft202012Validator(schema)
    results = {}
    for path in sys.argv[1:]:
        with open(path, "rb") as handle:
            document = json.load(handle)
        errors = list(validator.iter_errors(document))
        missing = sorted({
            error.message.split("'")[1]
            for error in errors
            if error.validator == "required" and not list(error.absolute_path) and "'" in error.message
        })
        results[path] = {"errors": len(errors), "missingTopLevel": missing}
    print(json.dumps(results))


if __name__ == "__main__":
    main()
