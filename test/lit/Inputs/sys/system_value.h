// A header found through -isystem: not a dependency dpopt lists.
#define SYSTEM_VALUE 3
