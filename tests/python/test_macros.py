"""expand_macros and parse_macros: macLib's rules, as `epicsdb macros` applies them."""

import os
import unittest

import epicsdb
from support import EPICSDB, run


class ExpandMacros(unittest.TestCase):
    def macros_tool(self, text, definitions):
        status, out, _ = run(EPICSDB, "macros", "-M", definitions, "--text", text)
        return status, out.decode()[:-1]  # it adds a newline

    def test_as_epicsdb_macros_expands(self):
        cases = [
            ("$(A)-${B}", "A=1,B=2"),
            ("$(X=def)/$(Y=$(A))", "A=a"),
            ("$(A,B=in)$(B=out)", "A=$(B)"),
            ("'$(A)' \"$(A)\" \\$(A)", "A=v"),
            ("$(A)", 'A="x, y "'),
        ]
        for text, definitions in cases:
            with self.subTest(text=text):
                status, expected = self.macros_tool(text, definitions)
                self.assertEqual(status, 0)
                self.assertEqual(epicsdb.expand_macros(text, definitions), expected)

    def test_dict_values_are_literal_but_references_expand(self):
        self.assertEqual(epicsdb.expand_macros("[$(A)]", {"A": 'x, "y" = \\z '}), '[x, "y" = \\z ]')
        self.assertEqual(epicsdb.expand_macros("$(A)", {"A": "$(B)", "B": "b"}), "b")
        self.assertEqual(epicsdb.expand_macros("no macros"), "no macros")

    def test_undefined_macros_raise_with_the_text_epics_leaves(self):
        status, expected = self.macros_tool("$(A)-$(U)", "A=1")
        self.assertEqual(status, 1)
        with self.assertRaises(epicsdb.MacroError) as caught:
            epicsdb.expand_macros("$(A)-$(U)", "A=1")
        self.assertEqual(caught.exception.text, expected)
        self.assertEqual(caught.exception.text, "1-$(U,undefined)")
        self.assertEqual(caught.exception.messages, ["macro U is undefined"])
        self.assertEqual(str(caught.exception), "macro U is undefined")
        self.assertEqual(epicsdb.expand_macros("$(U)", strict=False), "$(U,undefined)")
        with self.assertRaises(epicsdb.MacroError):
            epicsdb.expand_macros("$(A)", {"A": "$(A)"})  # recursive

    def test_environment_on_request(self):
        os.environ["EPICSDB_PYTHON_TEST"] = "from env"
        self.assertEqual(epicsdb.expand_macros("$(EPICSDB_PYTHON_TEST)", env=True), "from env")
        with self.assertRaises(epicsdb.MacroError):
            epicsdb.expand_macros("$(EPICSDB_PYTHON_TEST)")

    def test_bad_arguments(self):
        with self.assertRaises(TypeError):
            epicsdb.expand_macros("$(A)", ["A=1"])
        with self.assertRaises(TypeError):
            epicsdb.expand_macros("$(A)", {"A": 1})


class ParseMacros(unittest.TestCase):
    def test_macparsedefns_rules(self):
        self.assertEqual(epicsdb.parse_macros("a=1,b=2"), {"a": "1", "b": "2"})
        self.assertEqual(epicsdb.parse_macros(" a = x y ,, b="), {"a": "x y", "b": ""})
        self.assertEqual(epicsdb.parse_macros("a,b=1"), {"a": None, "b": "1"})
        self.assertEqual(epicsdb.parse_macros("'a,b'=\"c,d\""), {"a,b": '"c,d"'})
        self.assertEqual(epicsdb.parse_macros(""), {})

    def test_a_parsed_dict_gives_the_same_expansion_for_plain_values(self):
        text = "P=ioc:,N=3,EMPTY="
        self.assertEqual(
            epicsdb.expand_macros("$(P)$(N)$(EMPTY)", epicsdb.parse_macros(text)),
            epicsdb.expand_macros("$(P)$(N)$(EMPTY)", text),
        )


if __name__ == "__main__":
    unittest.main()
