"""
Times Triton's own interpreter (TRITON_INTERPRET=1) on the interpreter benchmarks of this folder.

Plain Python (not a Tilesmith program): imports swish_2p20.py and softmax_1024.py as modules,
launches each kernel once to warm up, checks the result against torch, then times `--repeats`
launches one by one with time.perf_counter and prints one line per program:

    RESULT name=swish_2p20 backend=triton-interpret seconds_per_launch=<median> min=<> max=<> launches=<n>

Usage (on a machine with Triton and torch): python3 time_triton_interpreter.py [--repeats N]
[--only NAME]. TRITON_INTERPRET is set to 1 here before Triton is imported.
"""

import argparse
import importlib.util
import os
import statistics
import sys
import time

os.environ["TRITON_INTERPRET"] = "1"

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = ["swish_2p20", "softmax_1024"]


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def synchronize():
    import torch
    if torch.cuda.is_available():
        torch.cuda.synchronize()


def time_program(name, repeats):
    module = load(name)
    module.launch()  # warm-up: first-launch costs (argument binding, caches)
    synchronize()
    module.check()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        module.launch()
        synchronize()
        times.append(time.perf_counter() - start)
    module.check()
    return times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--only", choices=PROGRAMS)
    args = parser.parse_args()
    import torch
    import triton
    print(f"# python {sys.version.split()[0]}, torch {torch.__version__}, triton {triton.__version__}, "
          f"TRITON_INTERPRET={os.environ.get('TRITON_INTERPRET')}, torch threads {torch.get_num_threads()}")
    for name in PROGRAMS:
        if args.only and name != args.only:
            continue
        times = time_program(name, args.repeats)
        print(f"RESULT name={name} backend=triton-interpret seconds_per_launch={statistics.median(times):.4f} "
              f"min={min(times):.4f} max={max(times):.4f} launches={len(times)}", flush=True)


if __name__ == "__main__":
    main()
