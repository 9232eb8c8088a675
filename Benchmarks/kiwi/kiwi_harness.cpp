// The kiwi side of the solver comparison (see README.md beside this file): the same systems,
// strengths and measurements as SolverHarness.swift, line for line. Built by
// scripts/kiwi-benchmark.sh against the headers of the kiwisolver source distribution, which
// it downloads into a scratch folder.
//
//   kiwi_harness [cycles]            times everything; one line per measurement:
//                                    name <TAB> nanoseconds per operation <TAB> check value
//   kiwi_harness count NAME K        runs operation NAME K times untimed (for callgrind)
//   kiwi_harness list                prints the operations' names
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
    Solver solver;
    Variable width{"container.width"};
    Variable height{"container.height"};
    std::vector<Variable> heights;

    Stack(int labels, bool cell, bool editable) {
        if (editable) {
            solver.addEditVariable(width, kStrong);
            solver.suggestValue(width, 320);
        } else {
            solver.addConstraint(width == 320);
        }
        Expression previousBottom(0.0);
        for (int i = 0; i < labels; ++i) {
            Variable left("left"), top("top"), labelWidth("width"), labelHeight("height");
            heights.push_back(labelHeight);
            solver.addConstraint(left == 8);
            solver.addConstraint(left + labelWidth == width - 8);
            solver.addConstraint(labelWidth == width - 16);
            if (i == 0) {
                solver.addConstraint(top == 8);
            } else {
                solver.addConstraint(top == previousBottom + 8);
            }
            double resistance = (cell || i % 2 == 1) ? weight(750) : kRequired;
            solver.addConstraint((labelHeight >= intrinsic(i)) | resistance);
            solver.addConstraint((labelHeight == intrinsic(i)) | weight(250));
            previousBottom = top + labelHeight;
        }
        solver.addConstraint(previousBottom + 8 == height);
        solver.addConstraint((height == 0) | weight(50));
        solver.updateVariables();
    }
};

// One measured operation: `setup` builds what it works on, `run` is the operation, `check`
// reads the container height afterwards.
struct Benchmark {
    std::string name;
    int iterations;   // per timing round
    std::function<void()> setup;
    std::function<void()> run;
    std::function<double()> check;
};

std::vector<Benchmark> benchmarks() {
    std::vector<Benchmark> list;
    struct System { const char* name; int labels; bool cell; };
    const System systems[] = {{"stack-1", 1, false}, {"stack-4", 4, false}, {"stack-16", 16, false},
                              {"stack-64", 64, false}, {"cell-16", 16, true}};
    for (const System& system : systems) {
        const std::string name = system.name;
        const int labels = system.labels;
        const bool cell = system.cell;
        // Build + solve: every variable, constraint and the solver, per operation. The cell is
        // built with a required width (the package benchmark's), the stacks with an edit.
        auto built = std::make_shared<std::unique_ptr<Stack>>();
        list.push_back({name + " build+solve", std::max(20, 4000 / labels), [] {},
                        [=] { built->reset(new Stack(labels, cell, !cell)); },
                        [=] { return (*built)->height.value(); }});
        // Re-solve: a new container width suggested (320 <-> 375) and the values read.
        auto resolved = std::make_shared<std::unique_ptr<Stack>>();
        auto flip = std::make_shared<bool>(false);
        list.push_back({name + " re-solve", 20000, [=] { resolved->reset(new Stack(labels, cell, true)); },
                        [=] {
                            *flip = !*flip;
                            (*resolved)->solver.suggestValue((*resolved)->width, *flip ? 375 : 320);
                            (*resolved)->solver.updateVariables();
                        },
                        [=] { return (*resolved)->height.value(); }});
        // Churn: one constraint on the middle label's height added and removed, required (its
        // row needs an artificial variable) or strong.
        for (bool required : {true, false}) {
            auto stack = std::make_shared<std::unique_ptr<Stack>>();
            auto constraint = std::make_shared<Constraint>();
            list.push_back({name + (required ? " churn required" : " churn strong"), 2000,
                            [=] {
                                stack->reset(new Stack(labels, cell, true));
                                Variable target = (*stack)->heights[labels / 2];
                                double value = intrinsic(labels / 2) + (required ? 3 : 20);
                                *constraint = required ? Constraint(target == value) : ((target == value) | kStrong);
                            },
                            [=] {
                                (*stack)->solver.addConstraint(*constraint);
                                (*stack)->solver.removeConstraint(*constraint);
                            },
                            [=] {
                                (*stack)->solver.updateVariables();
                                return (*stack)->height.value();
                            }});
        }
    }
    return list;
}

double now() {
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void report(const std::string& name, double nanoseconds, double check) {
    std::printf("%s\t%.1f\t%.6f\n", name.c_str(), nanoseconds, check);
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<Benchmark> list = benchmarks();
    if (argc == 2 && std::string(argv[1]) == "list") {
        for (const Benchmark& benchmark : list) std::printf("%s\n", benchmark.name.c_str());
        return 0;
    }
    if (argc == 4 && std::string(argv[1]) == "count") {
        for (Benchmark& benchmark : list) {
            if (benchmark.name != argv[2]) continue;
            benchmark.setup();
            long count = std::atol(argv[3]);
            for (long i = 0; i < count; ++i) benchmark.run();
            report(benchmark.name, 0, benchmark.check());
            return 0;
        }
        std::fprintf(stderr, "no benchmark named %s\n", argv[2]);
        return 1;
    }
    const long cycles = argc > 1 ? std::atol(argv[1]) : 100000;
    for (Benchmark& benchmark : list) {
        benchmark.setup();
        const bool churn = benchmark.name.find("churn") != std::string::npos;
        if (!churn) {
            // The best of five rounds.
            double best = INFINITY;
            for (int round = 0; round < 5; ++round) {
                double start = now();
                for (int i = 0; i < benchmark.iterations; ++i) benchmark.run();
                best = std::min(best, (now() - start) / benchmark.iterations);
            }
            report(benchmark.name, best, benchmark.check());
            continue;
        }
        // `cycles` cycles on one long-lived system, timed by the thousand: the first thousand,
        // the last thousand, and the mean of all.
        std::vector<double> blocks;
        double start = now();
        for (long i = 1; i <= cycles; ++i) {
            benchmark.run();
            if (i % 1000 == 0) {
                double t = now();
                blocks.push_back((t - start) / 1000);
                start = t;
            }
        }
        double all = 0;
        for (double block : blocks) all += block;
        double check = benchmark.check();
        report(benchmark.name + " first 1000", blocks.front(), check);
        report(benchmark.name + " last 1000", blocks.back(), check);
        report(benchmark.name + " mean", all / blocks.size(), check);
    }
    return 0;
}
