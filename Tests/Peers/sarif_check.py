"""Reads dots-sso's SARIF files with sarif-pydantic (a SARIF 2.1.0 object model from PyPI that nobody here wrote).

  sarif_check.py FILE.sarif …     one line per problem on stdout; exit 1 when any file is not SARIF 2.1.0 as modelled

Besides the model's own types (levels, locations, regions, rules), every object must use only property names the
model knows: the model keeps unknown ones aside, and a misspelt property would otherwise pass unnoticed.
"""
import pathlib
import sys

from pydantic import BaseModel, ValidationError
from sarif_pydantic import Sarif


def unknown_properties(model, path="$"):
    if isinstance(model, BaseModel):
        for name in sorted((model.model_extra or {}).keys()):
            yield f"{path}.{name}"
        for name, value in model:
            yield from unknown_properties(value, f"{path}.{name}")
    elif isinstance(model, list):
        for index, value in enumerate(model):
            yield from unknown_properties(value, f"{path}[{index}]")


def main() -> int:
    failed = False
    for file in sys.argv[1:]:
        text = pathlib.Path(file).read_text()
        try:
            log = Sarif.model_validate_json(text)
        except ValidationError as error:
            failed = True
            print(f"{file}: not SARIF 2.1.0: {error}")
            continue
        if log.version != "2.1.0":
            failed = True
            print(f"{file}: version {log.version!r}, expected 2.1.0")
        for path in unknown_properties(log):
            failed = True
            print(f"{file}: {path} is not a SARIF 2.1.0 property")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
