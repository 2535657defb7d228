// cfd.cu: the flux computation of an unstructured-grid Euler solver (Rodinia
// euler3d compute_flux, simplified).  Each cell has 5 conserved variables
// (density, momentum x/y/z, energy; structure-of-arrays) and 4 faces, each
// with a neighbour index (-1 = far-field boundary) and an area-weighted
// normal.  The result is the summed flux of each variable.
#define NFACE 4
#define GAMMA 1.4f
struct flow { float d, mx, my, mz, e; };

__device__ static float pressure(float d, float e, float speed_sqd)
{
    return (GAMMA - 1.0f) * (e - 0.5f * d * speed_sqd);
}

extern "C" __global__ void cfd_flux(const float *vars, const int *nbr, const float *normals,
                                    float *fluxes, int ncells, float ff_d, float ff_mx,
                                    float ff_my, float ff_mz, float ff_e)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= ncells)
        return;
    float d = vars[i], mx = vars[ncells + i], my = vars[2 * ncells + i];
    float mz = vars[3 * ncells + i], e = vars[4 * ncells + i];
    float vx = mx / d, vy = my / d, vz = mz / d;
    float sp2 = vx * vx + vy * vy + vz * vz;
    float p = pressure(d, e, sp2);
    float sos = sqrtf(GAMMA * p / d);
    float f_d = 0.0f, f_mx = 0.0f, f_my = 0.0f, f_mz = 0.0f, f_e = 0.0f;
    for (int k = 0; k < NFACE; k++) {
        float nx = normals[(i * NFACE + k) * 3 + 0];
        float ny = normals[(i * NFACE + k) * 3 + 1];
        float nz = normals[(i * NFACE + k) * 3 + 2];
        float area = sqrtf(nx * nx + ny * ny + nz * nz);
        int j = nbr[i * NFACE + k];
        float dn, mxn, myn, mzn, en;
        if (j >= 0) {
            dn = vars[j]; mxn = vars[ncells + j]; myn = vars[2 * ncells + j];
            mzn = vars[3 * ncells + j]; en = vars[4 * ncells + j];
        } else {
            dn = ff_d; mxn = ff_mx; myn = ff_my; mzn = ff_mz; en = ff_e;
        }
        float vxn = mxn / dn, vyn = myn / dn, vzn = mzn / dn;
        float sp2n = vxn * vxn + vyn * vyn + vzn * vzn;
        float pn = pressure(dn, en, sp2n);
        float sosn = sqrtf(GAMMA * pn / dn);
        float factor = -area * 0.2f * 0.5f * (sqrtf(sp2) + sqrtf(sp2n) + sos + sosn);
        f_d += factor * (d - dn);
        f_mx += factor * (mx - mxn);
        f_my += factor * (my - myn);
        f_mz += factor * (mz - mzn);
        f_e += factor * (e - en);
        float fx = 0.5f * nx, fy = 0.5f * ny, fz = 0.5f * nz;
        f_d += fx * (mxn + mx) + fy * (myn + my) + fz * (mzn + mz);
        f_mx += fx * (vxn * mxn + pn + vx * mx + p) + fy * (vyn * mxn + vy * mx) + fz * (vzn * mxn + vz * mx);
        f_my += fx * (vxn * myn + vx * my) + fy * (vyn * myn + pn + vy * my + p) + fz * (vzn * myn + vz * my);
        f_mz += fx * (vxn * mzn + vx * mz) + fy * (vyn * mzn + vy * mz) + fz * (vzn * mzn + pn + vz * mz + p);
        f_e += fx * (vxn * (en + pn) + vx * (e + p)) + fy * (vyn * (en + pn) + vy * (e + p)) +
               fz * (vzn * (en + pn) + vz * (e + p));
    }
    fluxes[i] = f_d;
    fluxes[ncells + i] = f_mx;
    fluxes[2 * ncells + i] = f_my;
    fluxes[3 * ncells + i] = f_mz;
    fluxes[4 * ncells + i] = f_e;
}
