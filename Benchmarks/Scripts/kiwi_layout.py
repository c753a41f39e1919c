"""The kiwisolver side of the layout benchmark (KinemaBenchmarks layout, LayoutBenchmark.swift).

Run by the benchmark with the Python of the kiwi virtual environment (`make kiwi-venv`), it
answers one command per line on standard input with one line on standard output, so that the
benchmark can interleave its rounds with Kinema's without starting a process per round:

  load PATH            read a constraint system written by the benchmark (below); builds kiwi's
                       variables and constraints, untimed; answers "ok VARIABLES CONSTRAINTS"
  solve                a new kiwi Solver, every constraint added in the file's order, then
                       updateVariables(): timed; answers "solved SECONDS HEAP_BYTES"
  edit INDEX CONSTANT  on the solver of the last solve: constraint INDEX replaced by the same
                       constraint with its constant set to CONSTANT (removeConstraint, then
                       addConstraint of the new one, built before the clock starts), then
                       updateVariables(): timed; answers "edited SECONDS"
  values PATH          writes every variable's value, one per line in the file's order; "ok"
  chain N              the chain x0 == 0, x[i+1] == x[i] + 1 (i < N - 1), N required constraints,
                       built untimed, then solved as `solve` does; answers
                       "solved SECONDS HEAP_BYTES LAST_VALUE"
  quit

Only the solve is timed, with time.perf_counter. HEAP_BYTES is what the solver holds after it:
glibc's mallinfo2 (in-use bytes of the heap and of mmapped chunks) after the solve, less the
same before the Solver was made (the constraints already existed).

A system file is a line "variables N", then one line per constraint:
"RELATION PRIORITY CONSTANT COUNT INDEX COEFFICIENT ...", meaning
sum(COEFFICIENT * variable[INDEX]) + CONSTANT RELATION 0, RELATION one of == <= >=. Numbers are
written so that they read back exactly.

Priorities: Kinema orders them strictly (any violation at 751 outweighs every violation at 750);
kiwi weighs them in one objective. A priority p maps to kiwi's three tiers, as its strong, medium
and weak do: strength.create(p, 0, 0) for 500 <= p < 1000, create(0, p, 0) for 100 <= p < 500,
create(0, 0, p) below 100, "required" at 1000. Tiers are 1,000 times apart; within a tier the
weights are in proportion to the priorities, so two priorities of one tier trade off by weight,
where Kinema would never trade them. The benchmark checks that both solvers find the same values.
"""

import ctypes
import sys
import time

import kiwisolver as kiwi


class MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")
    ]


libc = ctypes.CDLL("libc.so.6")
libc.mallinfo2.restype = MallInfo2


def heap_in_use():
    info = libc.mallinfo2()
    return info.uordblks + info.hblkhd


def strength(priority):
    if priority >= 1000:
        return kiwi.strength.required
    if priority >= 500:
        return kiwi.strength.create(priority, 0, 0)
    if priority >= 100:
        return kiwi.strength.create(0, priority, 0)
    return kiwi.strength.create(0, 0, priority)


def make_constraint(variables, relation, priority, constant, terms):
    expression = kiwi.Expression([kiwi.Term(variables[i], c) for i, c in terms], constant)
    return kiwi.Constraint(expression, relation, strength(priority))


class System:
    def __init__(self, path):
        with open(path) as f:
            header = f.readline().split()
            assert header[0] == "variables"
            self.variables = [kiwi.Variable("v%d" % i) for i in range(int(header[1]))]
            self.rows = []
            for line in f:
                fields = line.split()
                if not fields:
                    continue
                relation, priority, constant, count = fields[0], float(fields[1]), float(fields[2]), int(fields[3])
                terms = [(int(fields[4 + 2 * k]), float(fields[5 + 2 * k])) for k in range(count)]
                self.rows.append((relation, priority, constant, terms))
        self.constraints = [make_constraint(self.variables, *row) for row in self.rows]


def solve(constraints):
    """A new solver with every constraint, values updated: (solver, seconds, heap bytes)."""
    before = heap_in_use()
    start = time.perf_counter()
    solver = kiwi.Solver()
    for c in constraints:
        solver.addConstraint(c)
    solver.updateVariables()
    seconds = time.perf_counter() - start
    return solver, seconds, heap_in_use() - before


def main():
    system = None
    solver = None
    for line in sys.stdin:
        fields = line.split()
        if not fields:
            continue
        command = fields[0]
        if command == "load":
            solver = None
            system = System(fields[1])
            print("ok %d %d" % (len(system.variables), len(system.constraints)), flush=True)
        elif command == "solve":
            solver = None
            solver, seconds, heap = solve(system.constraints)
            print("solved %r %d" % (seconds, heap), flush=True)
        elif command == "edit":
            index, constant = int(fields[1]), float(fields[2])
            relation, priority, _, terms = system.rows[index]
            replacement = make_constraint(system.variables, relation, priority, constant, terms)
            old = system.constraints[index]
            start = time.perf_counter()
            solver.removeConstraint(old)
            solver.addConstraint(replacement)
            solver.updateVariables()
            seconds = time.perf_counter() - start
            system.constraints[index] = replacement
            system.rows[index] = (relation, priority, constant, terms)
            print("edited %r" % seconds, flush=True)
        elif command == "values":
            with open(fields[1], "w") as f:
                for v in system.variables:
                    f.write("%r\n" % v.value())
            print("ok", flush=True)
        elif command == "chain":
            solver = None
            n = int(fields[1])
            xs = [kiwi.Variable("x%d" % i) for i in range(n)]
            chain = [xs[0] == 0] + [xs[i + 1] == xs[i] + 1 for i in range(n - 1)]
            chain_solver, seconds, heap = solve(chain)
            last = xs[-1].value()
            del chain_solver
            print("solved %r %d %r" % (seconds, heap, last), flush=True)
        elif command == "quit":
            break
        else:
            print("error unknown command %s" % command, flush=True)


if __name__ == "__main__":
    main()
