#!/usr/bin/env python3
"""Unit tests of the harness logic (plain python3, no third-party modules)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dpbench  # noqa: E402

PASS_LINE = ('DPBENCH bench=bfs variant=cdp dataset=kron status=PASS '
             'median_ms=10.0000 min_ms=9.5000 max_ms=11.0000 runs=7 '
             'gpu_mem_mb=12.5 gpu="NVIDIA H100 80GB HBM3" '
             'detail="n=65536 m=4862548 source=3"')


def result(bench, dataset, variant, status, median=None):
    fields = {}
    if median is not None:
        fields = {"median_ms": str(median), "min_ms": str(median),
                  "max_ms": str(median), "runs": "7"}
    return dpbench.make_result(bench, dataset, variant, status, fields)


class ParseTest(unittest.TestCase):
    def test_pass_line(self):
        f = dpbench.parse_line(PASS_LINE)
        self.assertEqual(f["bench"], "bfs")
        self.assertEqual(f["median_ms"], "10.0000")
        self.assertEqual(f["gpu"], "NVIDIA H100 80GB HBM3")
        self.assertEqual(f["detail"], "n=65536 m=4862548 source=3")

    def test_not_a_result(self):
        self.assertIsNone(dpbench.parse_line("[bfs/cdp] run 0: 1.0 ms"))
        self.assertIsNone(dpbench.parse_line("DPBENCH bench=bfs"))

    def test_last_line_wins(self):
        out = "noise\n" + PASS_LINE.replace("10.0000", "1.0") + "\n" + PASS_LINE
        self.assertEqual(dpbench.find_result(out)["median_ms"], "10.0000")

    def test_process_interpretation(self):
        r = dpbench.result_from_output("bfs", "kron", "cdp", 0, PASS_LINE)
        self.assertEqual(r["status"], dpbench.PASS)
        self.assertEqual(r["median_ms"], 10.0)
        self.assertEqual(r["gpu_mem_mb"], 12.5)
        # PASS line with a bad exit status is not a PASS.
        r = dpbench.result_from_output("bfs", "kron", "cdp", 1, PASS_LINE)
        self.assertEqual(r["status"], dpbench.ERROR)
        self.assertIsNone(r["median_ms"])
        r = dpbench.result_from_output("bfs", "kron", "cdp", -11, "")
        self.assertEqual(r["status"], dpbench.CRASH)
        r = dpbench.result_from_output("bfs", "kron", "cdp", 124, "",
                                       timed_out=True)
        self.assertEqual(r["status"], dpbench.TIMEOUT)

    def test_fail_never_has_time(self):
        line = PASS_LINE.replace("status=PASS", "status=FAIL")
        r = dpbench.result_from_output("bfs", "kron", "cdp", 1, line)
        self.assertEqual(r["status"], dpbench.FAIL)
        self.assertIsNone(r["median_ms"])
        self.assertEqual(r["runs"], 0)


class SpeedupTest(unittest.TestCase):
    def setUp(self):
        self.results = [
            result("bfs", "kron", "cdp", "PASS", 100.0),
            result("bfs", "kron", "nocdp", "PASS", 20.0),
            result("bfs", "kron", "flat", "FAIL"),
            result("bfs", "road", "cdp", "PASS", 10.0),
            result("bfs", "road", "nocdp", "PASS", 40.0),
            result("bfs", "road", "flat", "PASS", 5.0),
            result("sssp", "kron", "cdp", "TIMEOUT"),
            result("sssp", "kron", "nocdp", "PASS", 3.0),
        ]

    def test_speedups(self):
        sp = dpbench.speedups(self.results)
        self.assertAlmostEqual(sp[("bfs", "kron", "nocdp")], 5.0)
        self.assertAlmostEqual(sp[("bfs", "kron", "cdp")], 1.0)
        self.assertAlmostEqual(sp[("bfs", "road", "nocdp")], 0.25)
        self.assertNotIn(("bfs", "kron", "flat"), sp)   # FAIL
        self.assertNotIn(("sssp", "kron", "nocdp"), sp)  # no baseline

    def test_geomeans(self):
        gm = dpbench.geomeans(self.results, dpbench.speedups(self.results))
        g, used, total = gm["nocdp"]
        self.assertAlmostEqual(g, (5.0 * 0.25) ** 0.5)
        self.assertEqual((used, total), (2, 3))
        self.assertAlmostEqual(gm["flat"][0], 2.0)
        self.assertIsNone(dpbench.geomean([]))

    def test_markdown(self):
        md = dpbench.markdown(self.results, configs=["none"], gpu="H100")
        self.assertIn("| bench | dataset | cdp | nocdp | flat |", md)
        self.assertIn("| bfs | kron | 100.000 ms (1.00x) | 20.000 ms (5.00x) "
                      "| **FAIL** |", md)
        self.assertIn("| sssp | kron | **TIMEOUT** | 3.000 ms | - |", md)
        self.assertIn("## Runs without a valid time", md)
        self.assertNotIn("FAIL (", md)

    def test_csv_row(self):
        r = self.results[2]
        row = dpbench.csv_row(r, None, "H100", "2026-01-01", "run.sh")
        self.assertEqual(len(row), len(dpbench.CSV_COLUMNS))
        self.assertEqual(row[3], "FAIL")
        self.assertEqual(row[4], "")   # no median for a FAIL
        self.assertEqual(row[9], "")   # and no speedup
        ok = dpbench.csv_row(self.results[1], 5.0, "H100", "d", "c")
        self.assertEqual(ok[4], "20.0000")
        self.assertEqual(ok[9], "5.000")


class FilesTest(unittest.TestCase):
    def test_variant_order(self):
        order = dpbench.variant_order(
            ["zz", "none", "flat", "cdp", "T", "nocdp"], configs=["none", "T"])
        self.assertEqual(order, ["cdp", "nocdp", "flat", "none", "T", "zz"])

    def test_manifest(self):
        text = ("# bench\tvariant\tkind\tbinary\tdatasets\n"
                "bfs\tcdp\tbase\t/b/bin/bfs_cdp\tkron,cnr\n"
                "bfs\tnone\tgen\t/b/bin/bfs_none\tkron\n")
        m = dpbench.read_manifest(text)
        self.assertEqual(len(m), 2)
        self.assertEqual(m[0]["datasets"], ["kron", "cnr"])
        self.assertEqual(m[1]["kind"], "gen")
        with self.assertRaises(ValueError):
            dpbench.read_manifest("bfs\tcdp\n")

    def test_configs(self):
        text = ("# comment\n\nnone: --passes=none\n"
                "T128: --passes=threshold --threshold=128  # tuned\n")
        self.assertEqual(dpbench.read_configs(text),
                         [("none", "--passes=none"),
                          ("T128", "--passes=threshold --threshold=128")])
        with self.assertRaises(ValueError):
            dpbench.read_configs("bad name: x\n")


if __name__ == "__main__":
    unittest.main()
