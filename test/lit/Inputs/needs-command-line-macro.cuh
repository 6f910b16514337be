// Included with -include after -DVALUE=3: -D comes before -include.
#if VALUE != 3
#error "VALUE must be 3 here"
#endif
