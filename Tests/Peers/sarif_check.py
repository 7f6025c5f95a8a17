"""Reads dots-sso's SARIF files with sarif-pydantic (a SARIF 2.1.0 object model from PyPI that nobody here wrote).

  sarif_check.py FILE.sarif …     one line per problem on stdout; exit 1 when any file is not SARIF 2.1.0 as modelled

Besides the model's own types (levels, locations, regions, rules), every object must use only property names the
model knows: the model keeps unknown ones aside, and a misspelt property would otherwise pass unnoticed.

One exception, the model's own: it has a result's suppressions as a single `suppression`, where SARIF 2.1.0
(§3.27.23, and GitHub code scanning) has an array `suppressions`. Each element of that array is held to the model's
Suppression class instead (kind one of SARIF's, status one of SARIF's, no property the class lacks).
"""
import json
import pathlib
import sys

from pydantic import BaseModel, ValidationError
from sarif_pydantic import Sarif
from sarif_pydantic.sarif import Suppression

SUPPRESSION_KINDS = {"inSource", "external"}
SUPPRESSION_STATUSES = {"accepted", "underReview", "rejected"}


def take_suppressions(document):
    """Removes each result's `suppressions` (the model lacks it) and returns the problems of their elements."""
    problems = []
    for run_index, run in enumerate(document.get("runs") or []):
        for result_index, result in enumerate(run.get("results") or []):
            if "suppressions" not in result:
                continue
            where = f"$.runs[{run_index}].results[{result_index}].suppressions"
            entries = result.pop("suppressions")
            if not isinstance(entries, list) or not entries:
                problems.append(f"{where} is not a non-empty array")
                continue
            for index, entry in enumerate(entries):
                try:
                    model = Suppression.model_validate(entry)
                except ValidationError as error:
                    problems.append(f"{where}[{index}]: {error}")
                    continue
                problems += [f"{where}[{index}]{path[1:]} is not a SARIF 2.1.0 property" for path in unknown_properties(model)]
                if model.kind not in SUPPRESSION_KINDS:
                    problems.append(f"{where}[{index}].kind {model.kind!r} is not one of {sorted(SUPPRESSION_KINDS)}")
                if model.status is not None and model.status not in SUPPRESSION_STATUSES:
                    problems.append(f"{where}[{index}].status {model.status!r} is not one of {sorted(SUPPRESSION_STATUSES)}")
    return problems


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
        document = json.loads(pathlib.Path(file).read_text())
        for problem in take_suppressions(document):
            failed = True
            print(f"{file}: {problem}")
        try:
            log = Sarif.model_validate(document)
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
