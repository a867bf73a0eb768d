// Records sqrt.approx.ftz.f32 and rsqrt.approx.ftz.f32 on [1,4) (2^24 inputs) as deltas from the
// correctly rounded result, then checks the model "result depends only on mantissa and exponent
// parity, scaled exactly by the exponent" over all 2^32 fp32 bit patterns.
// Output: OUTDIR/{sqrt,rsqrt}_approx_delta.i8; see resources/numerics/README.md. Run by hand on
// the GPU machine: nvcc -O2 -arch=sm_90 -o probe sqrt_approx_probe.cu && ./probe OUTDIR
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <vector>

__device__ __forceinline__ float sqrt_approx(float x) { float r; asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ __forceinline__ float rsqrt_approx(float x) { float r; asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }

__global__ void record(int *sq, int *rsq, int *rsqrn)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (1u << 24)) return;
    unsigned p = i >> 23, m = i & 0x7fffff;
    float x = __uint_as_float(((127u + p) << 23) | m);
    sq[i] = __float_as_int(sqrt_approx(x)) - __float_as_int(__fsqrt_rn(x));
    // correctly rounded rsqrt via double
    double r = 1.0 / sqrt((double)x);
    float rf = (float)r;
    rsqrn[i] = __float_as_int(rf);
    rsq[i] = __float_as_int(rsqrt_approx(x)) - __float_as_int(rf);
}

__device__ unsigned long long nbad[4];
__device__ unsigned badx[4][16];

__global__ void verify(const int *sq, const int *rsq, const int *rsqrn, unsigned long long base)
{
    unsigned long long idx = base + (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (1ull << 32)) return;
    unsigned bits = (unsigned)idx;
    float x = __uint_as_float(bits);
    unsigned s = bits >> 31, ex = (bits >> 23) & 0xff, m = bits & 0x7fffff;
    unsigned got = __float_as_uint(sqrt_approx(x));
    unsigned gotr = __float_as_uint(rsqrt_approx(x));
    if (s == 0 && ex != 0 && ex != 255) {
        int e = int(ex) - 127;
        int p = e & 1;
        unsigned t = (unsigned(p) << 23) | m;
        float b = __uint_as_float(((127u + p) << 23) | m);
        int half = (e - p) / 2;
        unsigned want = unsigned(__float_as_int(__fsqrt_rn(b)) + sq[t] + (half << 23));
        unsigned wantr = unsigned(rsqrn[t] + rsq[t] - (half << 23));
        if (got != want) { unsigned long long k = atomicAdd(&nbad[0], 1ull); if (k < 16) badx[0][k] = bits; }
        if (gotr != wantr) { unsigned long long k = atomicAdd(&nbad[1], 1ull); if (k < 16) badx[1][k] = bits; }
    } else {
        // specials: zero/denormal (ftz), inf, nan, negatives: count how many differ from a simple rule
        unsigned want, wantr;
        if (ex == 0) { want = s << 31; wantr = s ? 0xff800000u : 0x7f800000u; }
        else if (ex == 255 && m == 0 && s == 0) { want = 0x7f800000u; wantr = 0; }
        else { want = 0x7fffffffu; wantr = 0x7fffffffu; }
        if (got != want) { unsigned long long k = atomicAdd(&nbad[2], 1ull); if (k < 16) badx[2][k] = bits; }
        if (gotr != wantr) { unsigned long long k = atomicAdd(&nbad[3], 1ull); if (k < 16) badx[3][k] = bits; }
    }
}

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : ".";
    const size_t n = 1u << 24;
    int *sq, *rsq, *rsqrn;
    cudaMalloc(&sq, n * 4); cudaMalloc(&rsq, n * 4); cudaMalloc(&rsqrn, n * 4);
    record<<<n / 256, 256>>>(sq, rsq, rsqrn);
    const unsigned long long chunk = 1ull << 30;
    for (unsigned long long b = 0; b < (1ull << 32); b += chunk)
        verify<<<chunk / 256, 256>>>(sq, rsq, rsqrn, b);
    cudaError_t e = cudaDeviceSynchronize();
    printf("status %s\n", cudaGetErrorString(e));
    std::vector<int> hs(n), hr(n);
    cudaMemcpy(hs.data(), sq, n * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(hr.data(), rsq, n * 4, cudaMemcpyDeviceToHost);
    unsigned long long bad[4]; unsigned bx[4][16];
    cudaMemcpyFromSymbol(bad, nbad, sizeof bad); cudaMemcpyFromSymbol(bx, badx, sizeof bx);
    const char *names[4] = {"sqrt normal", "rsqrt normal", "sqrt special", "rsqrt special"};
    for (int k = 0; k < 4; ++k) {
        printf("%s mismatches: %llu", names[k], bad[k]);
        for (int j = 0; j < 16 && j < (int)bad[k]; ++j) printf(" %08x", bx[k][j]);
        printf("\n");
    }
    for (int w = 0; w < 2; ++w) {
        std::vector<int> &h = w ? hr : hs;
        long hist[9] = {0};
        for (int v : h) { int c = v < -4 ? -4 : v > 4 ? 4 : v; hist[c + 4]++; }
        printf("%s delta histogram -4..4:", w ? "rsqrt" : "sqrt");
        for (long c : hist) printf(" %ld", c);
        printf("\n");
        std::vector<signed char> b(n);
        for (size_t i = 0; i < n; ++i) b[i] = (signed char)h[i];
        char path[512]; snprintf(path, sizeof path, "%s/%s_approx_delta.i8", out, w ? "rsqrt" : "sqrt");
        FILE *f = fopen(path, "wb"); fwrite(b.data(), 1, n, f); fclose(f);
    }
    return 0;
}
