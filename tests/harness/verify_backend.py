#!/usr/bin/python3
"""A backend for hloconf's tests of the protocol's verify request (adapters/PROTOCOL.md, "Verify a program").

usage: verify_backend.py MODE

MODE:
  accept      its verify hook accepts every program (a compiler that checks nothing)
  reject      its verify hook rejects every program ("refused by verify_backend.py")
  none        no verify hook: the handshake does not declare verify, so hloconf never asks
  error       its verify hook raises an exception (an error answer)

Run requests are answered "unsupported": these tests send programs that must never run.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "adapters", "python"))
import hloconf_adapter as H  # noqa: E402


def run(request):
    raise H.Unsupported(f"verify_backend.py does not run programs ({request.case_id})")


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "accept"

    def verify(request):
        if "stablehlo." not in request.mlir or not request.ir:
            raise ValueError("the verify request has no program")
        if mode == "reject":
            raise H.Rejected("refused by verify_backend.py")
        if mode == "error":
            raise RuntimeError("verify_backend.py broke")

    H.serve(run, name=f"verify-{mode}", version="1", verify=None if mode == "none" else verify)


if __name__ == "__main__":
    main()
