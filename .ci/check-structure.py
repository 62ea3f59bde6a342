#!/usr/bin/env python3
"""The house rules, checked on every CI run:

1. every target's manifest dependencies equal the modules its files import (system modules aside, and
   executables a test target depends on only to have them built);
2. no hand-written source or test folder holds more than 20 Swift files directly;
3. no hand-written function is longer than 100 lines (generated code and the schema's migrations aside).

Exits 1 naming each breach; prints one summary line otherwise.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYSTEM_MODULES = {
    "Glibc", "Musl", "Darwin", "Foundation", "FoundationEssentials", "Synchronization", "Dispatch",
    "Testing", "XCTest", "Swift", "_Concurrency",
}
# Executables a test target depends on so that they are built before it runs; never imported.
EXECUTABLES = set()
MAX_FILES_PER_FOLDER = 20
MAX_FUNCTION_LINES = 100
# Generated code and append-only schema migrations are exempt from the length rule.
LENGTH_EXEMPT = ("/Generated/", "CatalogSchema.swift")


def manifest_targets(text):
    """Target name -> (folder, declared dependency modules) from Package.swift."""
    targets = {}
    for match in re.finditer(r"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*\"([^\"]+)\"", text):
        kind, name = match.group(1), match.group(2)
        # The target's argument list: up to the parenthesis that closes it.
        depth, index = 0, match.start()
        while index < len(text):
            if text[index] == "(":
                depth += 1
            elif text[index] == ")":
                depth -= 1
                if depth == 0:
                    break
            index += 1
        body = text[match.start():index]
        if kind == "systemLibrary":
            continue
        if kind == "executableTarget":
            EXECUTABLES.add(name)
        dependencies = set()
        list_match = re.search(r"dependencies:\s*\[(.*?)\]\s*(,|$)", body, re.S)
        if list_match:
            listed = list_match.group(1)
            dependencies |= set(re.findall(r"\.product\(\s*name:\s*\"([^\"]+)\"", listed))
            without_products = re.sub(r"\.product\([^)]*\)", "", listed)
            dependencies |= set(re.findall(r"\"([^\"]+)\"", without_products))
        path_match = re.search(r"path:\s*\"([^\"]+)\"", body)
        folder = path_match.group(1) if path_match else ("Tests/" if kind == "testTarget" else "Sources/") + name
        targets[name] = (folder, dependencies)
    return targets


def imported_modules(folder):
    modules = set()
    pattern = re.compile(r"^(?:@testable\s+|@_exported\s+)?(?:public\s+|internal\s+|package\s+|private\s+|fileprivate\s+)?import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)
    for directory, _, files in os.walk(os.path.join(ROOT, folder)):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(directory, name), encoding="utf-8", errors="replace") as handle:
                    modules |= set(pattern.findall(handle.read()))
    return modules - SYSTEM_MODULES


def function_lengths(path):
    """(line, length, signature) of each function, initialiser and computed property in a file."""
    start = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|static|class|mutating|nonmutating|override|final|nonisolated|convenience|required)\s+)*(func\s|init[?!]?\s*[(<]|subscript\s*[(<])")
    with open(path, encoding="utf-8", errors="replace") as handle:
        lines = handle.read().split("\n")
    found = []
    for index, line in enumerate(lines):
        if not start.match(line):
            continue
        depth, opened, end = 0, False, index
        while end < len(lines):
            code = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[end])
            code = re.sub(r"//.*", "", code)
            depth += code.count("{") - code.count("}")
            opened = opened or "{" in code
            if opened and depth <= 0:
                break
            if not opened and end > index + 12:
                break  # a requirement without a body
            end += 1
        if opened:
            found.append((index + 1, end - index + 1, line.strip()[:90]))
    return found


def main():
    breaches = []
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as handle:
        targets = manifest_targets(handle.read())
    for name, (folder, declared) in sorted(targets.items()):
        imported = imported_modules(folder)
        for module in sorted(imported - declared - {name}):
            breaches.append(f"Package.swift: target {name} imports {module} but does not declare it")
        for module in sorted(declared - imported - EXECUTABLES):
            breaches.append(f"Package.swift: target {name} declares {module} but no file in {folder} imports it")
    swift_files = 0
    for top in ("Sources", "Tests"):
        for directory, folders, files in os.walk(os.path.join(ROOT, top)):
            folders[:] = [f for f in folders if not f.startswith(".") and f != "Fuzz"]
            swift = [f for f in files if f.endswith(".swift")]
            swift_files += len(swift)
            relative = os.path.relpath(directory, ROOT)
            if len(swift) > MAX_FILES_PER_FOLDER and "/Generated" not in "/" + relative:
                breaches.append(f"{relative}: {len(swift)} Swift files directly (at most {MAX_FILES_PER_FOLDER})")
            for name in swift:
                path = os.path.join(directory, name)
                if any(part in path for part in LENGTH_EXEMPT):
                    continue
                for line, length, signature in function_lengths(path):
                    if length > MAX_FUNCTION_LINES:
                        breaches.append(f"{os.path.relpath(path, ROOT)}:{line}: {length} lines (at most {MAX_FUNCTION_LINES}): {signature}")
    for breach in breaches:
        print(breach)
    if breaches:
        print(f"structure: {len(breaches)} breach(es) of the house rules")
        return 1
    print(f"structure: {len(targets)} targets' dependencies equal their imports; {swift_files} Swift files, "
          f"no folder over {MAX_FILES_PER_FOLDER} files, no function over {MAX_FUNCTION_LINES} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
