// dpopt's internal markers cannot appear in the input.
// RUN: not %dpopt %s -o %t.cu 2>&1 | FileCheck %s
// CHECK: reserved.cu:[[@LINE+1]]:13: error: '{{.}}*__dpopt_' is reserved for dpopt's internal markers
int Value = /*__dpopt_site:3*/ 1;
