// A '#pragma dp remove_launch' that only a macro of this header makes.
#define REMOVE_IT _Pragma("dp remove_launch(T4)")
