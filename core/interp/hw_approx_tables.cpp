// The recorded tables of core/interp/hw_approx.h, assembled into the binary as they are on disk
// (zlib streams, resources/numerics/). Kept alone in this file because .incbin makes ccache skip
// the file that holds it.

#ifndef TSM_NUMERICS_DIR
#error "TSM_NUMERICS_DIR must name resources/numerics (set by core/CMakeLists.txt)"
#endif

#define TSM_INCBIN(sym, file)                                                                      \
    __asm__(".section .rodata\n"                                                                   \
            ".global " #sym "\n"                                                                   \
            ".balign 16\n" #sym ":\n"                                                              \
            ".incbin \"" TSM_NUMERICS_DIR "/" file "\"\n"                                          \
            ".global " #sym "_end\n" #sym "_end:\n"                                                \
            ".previous\n")

TSM_INCBIN(tsm_sqrt_approx_table, "sqrt_approx_ftz_f32.i8.zlib");
TSM_INCBIN(tsm_rsqrt_approx_table, "rsqrt_approx_ftz_f32.i8.zlib");
