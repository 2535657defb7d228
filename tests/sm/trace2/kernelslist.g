MemcpyHtoD,0x00007f2b2d500000,256
MemcpyHtoD,0x00007f2b2d500200,256
kernel-1.traceg
MemcpyHtoD,0x00007f2b2d500400,256
kernel-2.traceg
