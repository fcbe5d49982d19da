#!/bin/bash
# usage: run.sh docs/dXX.py
cd /work/blind/tools && PYTHONPATH=. python3 "$1"
