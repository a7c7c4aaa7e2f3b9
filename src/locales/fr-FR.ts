import type { BaseLang } from '@nutui/nutui-react-taro/dist/es/locales/base'

/** NutUI's interface strings in French (every key of its en-US locale; NutUI ships no fr-FR). */
const frFR: BaseLang = {
  save: 'Enregistrer',
  confirm: 'Confirmer',
  cancel: 'Annuler',
  done: 'Terminé',
  noData: 'Aucune donnée',
  placeholder: 'Veuillez saisir',
  select: 'Sélectionner',
  edit: 'Modifier',
  reset: 'Réinitialiser',
  close: 'Fermer',
  video: {
    errorTip: 'Échec du chargement de la vidéo',
    clickRetry: 'Touchez pour réessayer',
  },
  fixednav: {
    activeText: 'Fermer la navigation',
    inactiveText: 'Ouvrir la navigation',
  },
  infiniteloading: {
    pullRefreshText: 'Tirez pour actualiser',
    loadText: 'Chargement',
    loadMoreText: 'Vous avez atteint la fin',
  },
  pagination: {
    prev: 'Précédent',
    next: 'Suivant',
  },
  range: {
    rangeText: 'est hors limites',
  },
  calendaritem: {
    weekdays: ['Dim', 'Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam'],
    end: 'Fin',
    start: 'Début',
    confirm: 'Confirmer',
    title: 'Calendrier',
    monthTitle: (year: number | string, month: number | string) => `${Number(month) < 10 ? `0${Number(month)}` : month}/${year}`,
    today: "Aujourd'hui",
    loadPreviousMonth: 'Charger le mois précédent',
    noEarlierMonth: 'Aucun mois antérieur',
  },
  shortpassword: {
    title: 'Veuillez saisir le mot de passe',
    description: 'Vérification',
    tips: 'Mot de passe oublié',
  },
  uploader: {
    list: 'Fichiers envoyés',
    ready: 'Prêt',
    readyUpload: "Prêt pour l'envoi",
    waitingUpload: "En attente d'envoi",
    uploading: 'Envoi en cours...',
    success: 'Envoi réussi',
    error: "Échec de l'envoi",
    deleteWord: "L'utilisateur a empêché la suppression !",
  },
  countdown: {
    day: ' jour ',
    hour: ' heure ',
    minute: ' minute ',
    second: ' seconde ',
  },
  address: {
    selectRegion: 'Choisir une adresse',
    deliveryTo: 'Livrer à',
    chooseAnotherAddress: 'Choisir une autre adresse',
    hotCity: 'Villes populaires',
    selectProvince: 'Choisir une province ou une ville',
  },
  signature: {
    reSign: 'Signer à nouveau',
    unsupported: 'Désolé, ce navigateur ne prend pas en charge canvas : ce composant ne peut pas être utilisé !',
  },
  ecard: {
    chooseText: 'Sélectionner',
    otherValueText: 'Autre montant',
    placeholder: 'Veuillez saisir',
  },
  timeselect: {
    pickupTime: 'Heure de retrait',
  },
  sku: {
    buyNow: 'Acheter maintenant',
    buyNumber: 'Quantité',
    addToCard: 'Ajouter au panier',
  },
  skuheader: {
    skuId: 'Référence',
  },
  addresslist: {
    addAddress: 'Ajouter une adresse',
  },
  comment: {
    complaintsText: "J'ai une réclamation",
    additionalReview: (day: number | string) => `Avis ${day} jours après l'achat`,
    additionalImages: (length: number | string) => `${length} commentaires complémentaires`,
  },
  searchbar: {
    basePlaceholder: 'Rechercher des produits',
    text: 'texte',
    test: 'test',
    title1: 'Utilisation de base',
    title2: 'Forme et longueur maximale du champ de recherche',
    title3: 'Arrière-plan intérieur et extérieur du champ de recherche',
    title4: 'Texte du champ de recherche',
    title5: 'Icônes personnalisées',
    title6: 'Suivi des modifications',
  },
  audio: {
    back: 'Reculer',
    forward: 'Avancer',
    pause: 'Pause',
    start: 'Lecture',
    mute: 'Muet',
    tips: "L'événement onplayend n'est déclenché que si loop = false",
  },
  avatarCropper: {
    rotate: 'Pivoter',
    selectImage: 'Choisir une image',
  },
  datepicker: {
    year: 'Année',
    month: 'Mois',
    day: 'Jour',
    hour: 'Heure',
    min: 'Minute',
    seconds: 'Seconde',
  },
  pullToRefresh: {
    pullingText: 'Tirez pour actualiser',
    canReleaseText: 'Relâchez pour actualiser',
    refreshingText: 'Chargement...',
    completeText: 'Actualisé',
  },
  tour: {
    prevStepText: 'Précédent',
    completeText: 'Terminer',
    nextStepText: 'Suivant',
  },
  watermark: {
    errorCanvasTips: "Canvas n'est pas pris en charge dans cet environnement",
  },
  mask: 'Masque',
}

export default frFR
