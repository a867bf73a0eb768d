# NVRTC, nvJitLink and CUPTI as imported targets of our own (shared/design/CUDA.md §9).
# CUDA::nvrtc would drag in the libcuda stub; the driver is only ever dlopen'd at run time.
find_package(CUDAToolkit 13.0 QUIET)
set(TILESMITH_HAVE_CUDA_TOOLKIT OFF)
if(CUDAToolkit_FOUND)
  set(TILESMITH_HAVE_CUDA_TOOLKIT ON)
  foreach(lib nvrtc nvJitLink cupti)
    find_library(TILESMITH_${lib}_LIBRARY ${lib} HINTS ${CUDAToolkit_LIBRARY_DIR}
                 ${CUDAToolkit_LIBRARY_ROOT}/extras/CUPTI/lib64 NO_DEFAULT_PATH)
    if(TILESMITH_${lib}_LIBRARY)
      add_library(tsm::${lib} SHARED IMPORTED)
      set_target_properties(tsm::${lib} PROPERTIES
        IMPORTED_LOCATION ${TILESMITH_${lib}_LIBRARY}
        INTERFACE_INCLUDE_DIRECTORIES "${CUDAToolkit_INCLUDE_DIRS}")
    else()
      set(TILESMITH_HAVE_CUDA_TOOLKIT OFF)
    endif()
  endforeach()
endif()
if(TILESMITH_HAVE_CUDA_TOOLKIT)
  message(STATUS "Tilesmith: CUDA toolkit ${CUDAToolkit_VERSION} at ${CUDAToolkit_LIBRARY_DIR}")
else()
  message(STATUS "Tilesmith: no CUDA 13 toolkit found; building without the CUDA backend")
endif()
