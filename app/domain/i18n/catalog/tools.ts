/** The tools and accommodations over the test page: breaks, read aloud, the line reader, contrast and zoom (ADR 0032, 0045). */
export const en = {
  toolbar: "Test tools",
  takeBreak: "Take a Break",
  breakLeft: "{minutes} min of break left",
  readAloud: "Read Aloud",
  stopReading: "Stop Reading",
  cannotReadAloud: "This browser cannot read aloud.",
  readingMeasured: "This question measures reading: your teacher will see that it was read aloud.",
  lineReader: "Line Reader",
  needJavaScript: "Read aloud, the line reader and striking out answers need JavaScript, which is off or still loading in this browser.",
  display: "Display",
  highContrast: "High Contrast",
  zoomOut: "Zoom Out",
  zoomIn: "Zoom In",
  zoomLevel: "Zoom {percent}%",
};

export const es: typeof en = {
  toolbar: "Herramientas de la prueba",
  takeBreak: "Tomar un descanso",
  breakLeft: "Te quedan {minutes} min de descanso",
  readAloud: "Leer en voz alta",
  stopReading: "Dejar de leer",
  cannotReadAloud: "Este navegador no puede leer en voz alta.",
  readingMeasured: "Esta pregunta mide la lectura: tu maestro verá que se leyó en voz alta.",
  lineReader: "Guía de lectura",
  needJavaScript:
    "Leer en voz alta, la guía de lectura y tachar respuestas necesitan JavaScript, que está desactivado o todavía se está cargando en este navegador.",
  display: "Pantalla",
  highContrast: "Alto contraste",
  zoomOut: "Alejar",
  zoomIn: "Acercar",
  zoomLevel: "Zoom {percent} %",
};
