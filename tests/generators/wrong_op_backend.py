#!/usr/bin/python3
"""A backend that gets one op wrong, for the tests of `hloconf minimize`.

usage: wrong_op_backend.py [--serve HLOCONF] [--op stablehlo.tanh] [--as stablehlo.cosine] [--min-ops N]
                           [--declare-ops OPS]

It proxies the backend protocol (adapters/PROTOCOL.md) to `hloconf serve`, the reference evaluator, and
rewrites every program on the way: each use of --op becomes --as (both unary elementwise ops of the same
types), so every answer is exact except where the program uses --op. Errors then propagate through a
graph as they would in a real backend with a wrong kernel. With --min-ops N, only programs of at least N
stablehlo ops (constants aside) are rewritten: a fault that needs several ops to show. With --declare-ops
(comma-separated full names), the handshake declares only those ops (the run's gen:graph then builds
from them); --op X --as X makes the backend correct. `hloconf serve` is found from --serve, else
$HLOCONF_BINARY, else `hloconf` on PATH.
"""

import argparse
import json
import os
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", default=os.environ.get("HLOCONF_BINARY", "hloconf"))
    parser.add_argument("--op", default="stablehlo.tanh")
    parser.add_argument("--as", dest="replacement", default="stablehlo.cosine")
    parser.add_argument("--min-ops", type=int, default=0)
    parser.add_argument("--declare-ops", default="")
    args = parser.parse_args()
    name = "wrong-" + args.op.split(".")[-1]
    child = subprocess.Popen([args.serve, "serve", "--name", name], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=sys.stderr)
    old, new = f'"{args.op}"', f'"{args.replacement}"'
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("type") == "run" and isinstance(message.get("mlir"), str):
            mlir = message["mlir"]
            ops = mlir.count('"stablehlo.') - mlir.count('"stablehlo.constant"') - mlir.count('"stablehlo.return"')
            if ops >= args.min_ops:
                message["mlir"] = mlir.replace(old, new)
            message["ir"] = None  # hloconf serve reads the text
        child.stdin.write((json.dumps(message) + "\n").encode())
        child.stdin.flush()
        if message.get("type") == "shutdown":
            break
        reply = child.stdout.readline()
        if not reply:
            sys.exit("wrong_op_backend: hloconf serve exited")
        if args.declare_ops and message.get("type") == "hello":
            hello = json.loads(reply)
            hello.setdefault("capabilities", {})["ops"] = args.declare_ops.split(",")
            reply = (json.dumps(hello) + "\n").encode()
        sys.stdout.write(reply.decode())
        sys.stdout.flush()
    child.stdin.close()
    child.wait()


if __name__ == "__main__":
    main()
