import type { BaseLang } from '@nutui/nutui-react-taro/dist/es/locales/base'

/** NutUI's interface strings in Spanish (every key of its en-US locale; NutUI ships no es-ES). */
const esES: BaseLang = {
  save: 'Guardar',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  done: 'Hecho',
  noData: 'Sin datos',
  placeholder: 'Introduzca el contenido',
  select: 'Seleccionar',
  edit: 'Editar',
  reset: 'Restablecer',
  close: 'Cerrar',
  video: {
    errorTip: 'Error al cargar el vídeo',
    clickRetry: 'Toque para reintentar',
  },
  fixednav: {
    activeText: 'Cerrar navegación',
    inactiveText: 'Abrir navegación',
  },
  infiniteloading: {
    pullRefreshText: 'Desliza para actualizar',
    loadText: 'Cargando',
    loadMoreText: 'Has llegado al final',
  },
  pagination: {
    prev: 'Anterior',
    next: 'Siguiente',
  },
  range: {
    rangeText: 'está fuera de rango',
  },
  calendaritem: {
    weekdays: ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'],
    end: 'Fin',
    start: 'Inicio',
    confirm: 'Confirmar',
    title: 'Calendario',
    monthTitle: (year: number | string, month: number | string) => `${Number(month) < 10 ? `0${Number(month)}` : month}/${year}`,
    today: 'Hoy',
    loadPreviousMonth: 'Cargar el mes anterior',
    noEarlierMonth: 'No hay meses anteriores',
  },
  shortpassword: {
    title: 'Introduzca la contraseña',
    description: 'Verificación',
    tips: '¿Olvidó la contraseña?',
  },
  uploader: {
    list: 'Archivos subidos',
    ready: 'Listo',
    readyUpload: 'Listo para subir',
    waitingUpload: 'Esperando para subir',
    uploading: 'Subiendo...',
    success: 'Subida correcta',
    error: 'Error al subir',
    deleteWord: '¡El usuario impidió la eliminación!',
  },
  countdown: {
    day: ' día ',
    hour: ' hora ',
    minute: ' minuto ',
    second: ' segundo ',
  },
  address: {
    selectRegion: 'Elegir dirección',
    deliveryTo: 'Enviar a',
    chooseAnotherAddress: 'Elegir otra dirección',
    hotCity: 'Ciudades populares',
    selectProvince: 'Elegir provincia o ciudad',
  },
  signature: {
    reSign: 'Volver a firmar',
    unsupported: 'Lo sentimos, este navegador no admite canvas: ¡no se puede usar este componente!',
  },
  ecard: {
    chooseText: 'Seleccionar',
    otherValueText: 'Otro importe',
    placeholder: 'Introduzca el importe',
  },
  timeselect: {
    pickupTime: 'Hora de recogida',
  },
  sku: {
    buyNow: 'Comprar ahora',
    buyNumber: 'Cantidad',
    addToCard: 'Añadir al carrito',
  },
  skuheader: {
    skuId: 'Referencia',
  },
  addresslist: {
    addAddress: 'Añadir dirección',
  },
  comment: {
    complaintsText: 'Tengo una queja',
    additionalReview: (day: number | string) => `Reseña ${day} días después de la compra`,
    additionalImages: (length: number | string) => `${length} comentarios adicionales`,
  },
  searchbar: {
    basePlaceholder: 'Buscar productos',
    text: 'texto',
    test: 'prueba',
    title1: 'Uso básico',
    title2: 'Forma y longitud máxima del cuadro de búsqueda',
    title3: 'Fondo interior y exterior del cuadro de búsqueda',
    title4: 'Texto del cuadro de búsqueda',
    title5: 'Iconos personalizados',
    title6: 'Seguimiento de cambios',
  },
  audio: {
    back: 'Retroceder',
    forward: 'Avanzar',
    pause: 'Pausa',
    start: 'Reproducir',
    mute: 'Silenciar',
    tips: 'El evento onplayend solo se activa cuando loop = false',
  },
  avatarCropper: {
    rotate: 'Girar',
    selectImage: 'Elegir imagen',
  },
  datepicker: {
    year: 'Año',
    month: 'Mes',
    day: 'Día',
    hour: 'Hora',
    min: 'Minuto',
    seconds: 'Segundo',
  },
  pullToRefresh: {
    pullingText: 'Desliza para actualizar',
    canReleaseText: 'Suelta para actualizar',
    refreshingText: 'Cargando...',
    completeText: 'Actualizado',
  },
  tour: {
    prevStepText: 'Anterior',
    completeText: 'Finalizar',
    nextStepText: 'Siguiente',
  },
  watermark: {
    errorCanvasTips: 'Canvas no es compatible en este entorno',
  },
  mask: 'Máscara',
}

export default esES
