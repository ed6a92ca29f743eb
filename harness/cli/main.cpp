// main.cpp — hashbench: Google Benchmark over the c_hashes registry (see run.cpp, --help).
#include "run.h"

int main(int argc, char **argv)
{
    return hb::run_hashbench(argc, argv);
}
