export default definePageConfig({ navigationBarTitleText: '限时秒杀', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
