#include "harness/cli.h"

int main(int argc, char** argv) { return hloconf::runCli(argc, argv); }
