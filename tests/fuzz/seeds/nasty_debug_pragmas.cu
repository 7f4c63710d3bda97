// clang's crash pragmas are disabled (-disable-pragma-debug-crash): none of these may end the run.
#pragma clang __debug crash
#pragma clang __debug parser_crash
#pragma clang __debug llvm_fatal_error
#pragma clang __debug llvm_unreachable
#pragma clang __debug overflow_stack
#pragma clang __debug handle_crash
#pragma clang __debug assert
#pragma clang __debug captured
__global__ void survives(float* p) { p[0] = 1; }
