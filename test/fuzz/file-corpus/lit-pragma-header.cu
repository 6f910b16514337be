// Pragmas in included files are ignored with a warning: dpopt rewrites only
// the file it is given.
// RUN: %dpopt %s --report -I %S/Inputs 2>&1 | FileCheck %s
// CHECK: pragma-header.cuh:2:1: warning: '#pragma dp' in an included file is ignored
// CHECK: dpopt report for
#include "pragma-header.cuh"
