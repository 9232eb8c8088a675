// The kiwi side of the solver comparison (see README.md beside this file). Built by
// scripts/kiwi-benchmark.sh against the headers of the kiwisolver source distribution, which
// it downloads into a scratch folder; SolverHarness.swift is the same program for our solver.
//
// Prints one line per measurement: `name<TAB>nanoseconds per operation<TAB>check value`.
#include <kiwi/kiwi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace kiwi;

namespace {

// Auto Layout priorities as weights, as Strength(priority:) maps them: 10^((p - 500) / 100).
double weight(double priority) { return std::pow(10.0, (priority - 500.0) / 100.0); }
const double kRequired = strength::required;
const double kStrong = weight(800);   // 1000, kiwi's own `strong`

double intrinsic(int index) { return double(index % 3 + 1) * 17.578125; }

// A vertical stack of `labels` labels in a container (see README.md for the constraints).
// `cell` selects the package-benchmark's 16-label cell pattern (compression resistance 750 for
// every label) over the stack pattern (required for even labels, 750 for odd ones);
// `editable` makes the container width a strong edit variable instead of a required 320.
struct Stack {
    std::unique_ptr<Solver> solver;
    Variable width{"container.width"};
    Variable height{"container.height"};
    std::vector<Variable> heights;

    Stack(int labels, bool cell, bool editable) : solver(new Solver()) {
        Solver& s = *solver;
        if (editable) {
            s.addEditVariable(width, kStrong);
            s.suggestValue(width, 320);
        } else {
            s.addConstraint(width == 320);
        }
        Expression previousBottom(0.0);
        bool first = true;
        for (int i = 0; i < labels; ++i) {
            Variable left("left"), top("top"), labelWidth("width"), labelHeight("height");
            heights.push_back(labelHeight);
            s.addConstraint(left == 8);
            s.addConstraint(left + labelWidth == width - 8);
            s.addConstraint(labelWidth == width - 16);
            if (first) {
                s.addConstraint(top == 8);
            } else {
                s.addConstraint(top == previousBottom + 8);
            }
            first = false;
            double resistance = (cell || i % 2 == 1) ? weight(750) : kRequired;
            s.addConstraint((labelHeight >= intrinsic(i)) | resistance);
            s.addConstraint((labelHeight == intrinsic(i)) | weight(250));
            previousBottom = top + labelHeight;
        }
        s.addConstraint(previousBottom + 8 == height);
        s.addConstraint((height == 0) | weight(50));
        s.updateVariables();
    }
};

double now() {
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The best of `rounds` rounds of `iterations` calls, in nanoseconds per call.
double best(int rounds, int iterations, const std::function<void()>& body) {
    double result = INFINITY;
    for (int round = 0; round < rounds; ++round) {
        double start = now();
        for (int i = 0; i < iterations; ++i) body();
        result = std::min(result, (now() - start) / iterations);
    }
    return result;
}

void report(const std::string& name, double nanoseconds, double check) {
    std::printf("%s\t%.1f\t%.6f\n", name.c_str(), nanoseconds, check);
}

// Iterations per round for a system of `labels` labels (about 20 ms per round).
int iterationsFor(int labels, int base) { return std::max(20, base / std::max(1, labels)); }

void buildSolve(const std::string& name, int labels, bool cell, bool editable) {
    double check = 0;
    double ns = best(5, iterationsFor(labels, 4000), [&] {
        Stack stack(labels, cell, editable);
        check = stack.height.value();
    });
    report(name + " build+solve", ns, check);
}

void resolve(const std::string& name, int labels, bool cell) {
    Stack stack(labels, cell, true);
    bool flip = false;
    double ns = best(5, 20000, [&] {
        flip = !flip;
        stack.solver->suggestValue(stack.width, flip ? 375 : 320);
        stack.solver->updateVariables();
    });
    report(name + " re-solve", ns, stack.height.value());
}

// `cycles` add/remove cycles of one constraint on one long-lived system: the mean of the first
// thousand, of the last thousand, and of all.
void churn(const std::string& name, int labels, bool cell, bool required, int cycles) {
    Stack stack(labels, cell, true);
    Variable target = stack.heights[labels / 2];
    double value = intrinsic(labels / 2) + (required ? 3 : 20);
    Constraint constraint = required ? Constraint(target == value) : ((target == value) | kStrong);
    std::vector<double> times;
    const int block = 1000;
    double start = now();
    for (int i = 0; i < cycles; ++i) {
        stack.solver->addConstraint(constraint);
        stack.solver->removeConstraint(constraint);
        if ((i + 1) % block == 0) {
            double t = now();
            times.push_back((t - start) / block);
            start = t;
        }
    }
    stack.solver->updateVariables();
    double all = 0;
    for (double t : times) all += t;
    std::string kind = required ? " churn required" : " churn strong";
    report(name + kind + " first 1000", times.front(), stack.height.value());
    report(name + kind + " last 1000", times.back(), stack.height.value());
    report(name + kind + " mean", all / times.size(), stack.height.value());
}

}  // namespace

int main(int argc, char** argv) {
    int cycles = argc > 1 ? std::atoi(argv[1]) : 100000;
    for (int labels : {1, 4, 16, 64}) {
        std::string name = "stack-" + std::to_string(labels);
        buildSolve(name, labels, false, true);
        resolve(name, labels, false);
    }
    buildSolve("cell-16", 16, true, false);
    resolve("cell-16", 16, true);
    for (int labels : {1, 4, 16, 64}) {
        std::string name = "stack-" + std::to_string(labels);
        churn(name, labels, false, true, cycles);
        churn(name, labels, false, false, cycles);
    }
    churn("cell-16", 16, true, true, cycles);
    churn("cell-16", 16, true, false, cycles);
    return 0;
}
