# Debian's libqscintilla2-qt6-dev ships no CMake package; find it by hand.
find_package(Qt6 REQUIRED COMPONENTS Core Gui Widgets Charts Svg Concurrent)
find_path(QSCINTILLA_INCLUDE_DIR Qsci/qsciscintilla.h
          PATHS ${Qt6Core_INCLUDE_DIRS} /usr/include/x86_64-linux-gnu/qt6 /usr/include/qt6
          REQUIRED)
find_library(QSCINTILLA_LIBRARY NAMES qscintilla2_qt6 REQUIRED)
add_library(tsm::qscintilla SHARED IMPORTED)
set_target_properties(tsm::qscintilla PROPERTIES
  IMPORTED_LOCATION ${QSCINTILLA_LIBRARY}
  INTERFACE_INCLUDE_DIRECTORIES ${QSCINTILLA_INCLUDE_DIR}
  INTERFACE_COMPILE_DEFINITIONS QSCINTILLA_DLL
  INTERFACE_LINK_LIBRARIES "Qt6::Widgets;Qt6::PrintSupport")
find_package(Qt6 REQUIRED COMPONENTS PrintSupport)
