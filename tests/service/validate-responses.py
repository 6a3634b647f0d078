#!/usr/bin/env python3
"""Checks answers of the epicsdb API against its OpenAPI 3.1 document.

validate-responses.py OPENAPI.json ANSWERS.jsonl

Each line of ANSWERS is {"path": the document's path ("/api/v1/records/{name}"), "target":
what was asked, "status": the HTTP status, "body": the JSON answer}. Each body is validated
(JSON Schema 2020-12, python3-jsonschema) against the schema the document gives that path's GET
for that status (or its "default"). Every path of the document must have been answered 200 at
least once. Exit status 0 when all hold, 1 when not, 77 when jsonschema is missing.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed")
    sys.exit(77)


def validator_for(document, schema):
    """A Draft 2020-12 validator of `schema`, its "#/components/..." references resolved in the
    document's components (carried in the schema's root, where such a pointer looks)."""
    rooted = {"allOf": [schema], "components": document["components"]}
    return jsonschema.Draft202012Validator(rooted)


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2])
        return 2
    with open(sys.argv[1], encoding="utf-8") as file:
        document = json.load(file)
    if hasattr(jsonschema, "Draft202012Validator"):
        for name, schema in document["components"]["schemas"].items():
            jsonschema.Draft202012Validator.check_schema(schema)
    else:
        print("this jsonschema has no Draft 2020-12")
        return 77
    with open(sys.argv[2], encoding="utf-8") as file:
        answers = [json.loads(line) for line in file if line.strip()]

    failures = 0
    answered = set()
    for answer in answers:
        path, status, body = answer["path"], answer["status"], answer["body"]
        operation = document["paths"].get(path, {}).get("get")
        if operation is None:
            print(f"{answer['target']}: the document has no GET {path}")
            failures += 1
            continue
        response = operation["responses"].get(str(status)) or operation["responses"].get("default")
        if response is None:
            print(f"{answer['target']}: status {status} is not documented for {path}")
            failures += 1
            continue
        schema = response["content"]["application/json"]["schema"]
        errors = sorted(validator_for(document, schema).iter_errors(body), key=lambda e: e.path)
        for error in errors[:5]:
            where = "/".join(str(part) for part in error.absolute_path)
            print(f"{answer['target']} ({status}): at /{where}: {error.message[:300]}")
        failures += bool(errors)
        if status == 200:
            answered.add(path)
    for path in document["paths"]:
        if path not in answered:
            print(f"{path}: never answered 200")
            failures += 1
    print(f"{len(answers)} answers checked against {len(document['paths'])} paths: "
          f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
